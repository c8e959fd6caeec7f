/**
 * The public chat page's layout on top of the widget's stylesheet (styles.ts): the panel fills
 * the page (a centred column on wide screens) to the phone's visible height (100dvh: the input
 * sits at the bottom, never mid-screen), and a dark variant under `html.dark`.
 */
export const pageCss = `
html,body{margin:0;height:100%;background:#f8fafc}
body{overflow:hidden}
.page{height:100vh;height:100dvh;display:flex;justify-content:center}
.page .panel{position:static;width:100%;max-width:800px;height:100%;max-height:none;border-radius:0;box-shadow:none;animation:none}
.page .title{font-size:18px}
.page .log{padding:16px}
.page .msg{max-width:min(85%,640px)}
.page .input{font-size:16px}
.md h2,.md h3,.md h4,.md h5,.md h6{margin:4px 0 8px;font-weight:600;line-height:1.3}
.md h2{font-size:17px}.md h3{font-size:16px}.md h4,.md h5,.md h6{font-size:15px}
@media (min-width:840px){.page{padding:24px 0;box-sizing:border-box}.page .panel{border-radius:14px;box-shadow:0 8px 30px rgba(15,23,42,.12)}}
html.dark,html.dark body{background:#020617;color-scheme:dark}
.dark .root{color:#e5e7eb}
.dark .panel,.dark .form,.dark .person{background:#0f172a;border-color:#334155;color:#e5e7eb}
.dark .pbtn{background:#1e293b;color:#f1f5f9}
.dark .pbtn:hover{background:#334155}
.dark .perr{color:#fca5a5}
.dark .log{background:#020617}
.dark .bot{background:#1e293b;color:#e5e7eb;border-color:#334155}
.dark .err{background:#450a0a;border-color:#7f1d1d;color:#fecaca}
.dark .thinking,.dark .note{color:#94a3b8}
.dark .input{background:#020617;color:#f1f5f9;border-color:#475569}
.dark .md a{color:#93c5fd}
.dark .md code{background:#0f172a}
.dark .md blockquote{border-color:#475569;color:#cbd5e1}
.dark .md hr{border-color:#334155}
.dark :focus-visible{outline-color:#93c5fd}
`;
