import { textOn } from './contrast';

/**
 * The widget's stylesheet, adopted inside its shadow root (constructable stylesheet: no <style>
 * element and no style attribute, so a page with CSP `style-src 'self'` renders it). Only px
 * units: the host page's root font size must not scale the widget. `:host` declarations are
 * !important, which beats the page's own !important rules on the host element (inner context
 * wins for important declarations), e.g. `* { all: unset !important }`.
 */
export const chatCss = `
:host{all:initial!important;display:block!important;position:static!important;width:0!important;height:0!important;margin:0!important;padding:0!important;border:0!important;visibility:visible!important;opacity:1!important;transform:none!important;filter:none!important;contain:none!important}
.root{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2937;-webkit-text-size-adjust:100%;text-size-adjust:100%}
*,*::before,*::after{box-sizing:border-box}
button{font:inherit;cursor:pointer;margin:0}
button:disabled{cursor:default;opacity:.55}
:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
.launcher{position:fixed;z-index:2147483000;bottom:20px;right:20px;width:56px;height:56px;padding:0;border:0;border-radius:50%;background:var(--p);color:var(--pt);box-shadow:0 6px 20px rgba(15,23,42,.28);display:flex;align-items:center;justify-content:center}
.launcher:hover{filter:brightness(1.06)}
.left .launcher{right:auto;left:20px}
svg{width:24px;height:24px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round;display:block}
.panel{position:fixed;z-index:2147483001;bottom:88px;right:20px;width:370px;max-width:calc(100vw - 40px);height:560px;max-height:calc(100vh - 108px);display:flex;flex-direction:column;background:#fff;border-radius:14px;box-shadow:0 12px 40px rgba(15,23,42,.3);overflow:hidden}
.left .panel{right:auto;left:20px}
.head{display:flex;align-items:center;gap:6px;padding:12px 10px 12px 16px;background:var(--p);color:var(--pt)}
.title{flex:1;margin:0;font-size:16px;font-weight:600;line-height:1.3;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.hbtn{background:transparent;color:inherit;border:1px solid transparent;border-radius:8px;padding:4px 8px;font-size:13px;display:flex;align-items:center}
.hbtn:hover{border-color:currentColor}
.hbtn svg{width:18px;height:18px}
.log{flex:1;overflow-y:auto;padding:14px;display:flex;flex-direction:column;gap:10px;background:#f8fafc;overscroll-behavior:contain}
.msg{max-width:85%;padding:9px 12px;border-radius:14px;overflow-wrap:anywhere;white-space:normal}
.user{align-self:flex-end;background:var(--p);color:var(--pt);border-bottom-right-radius:4px;white-space:pre-wrap}
.bot{align-self:flex-start;background:#fff;color:#1f2937;border:1px solid #e5e7eb;border-bottom-left-radius:4px}
.err{background:#fef2f2;border-color:#fecaca;color:#991b1b}
.thinking{color:#6b7280;font-style:italic}
.who{display:block;margin-bottom:4px;font-size:12px;font-weight:600;color:#4b5563}
.note{display:block;margin-top:6px;font-size:11px;color:#6b7280;text-transform:uppercase;letter-spacing:.04em}
.person{display:flex;flex-wrap:wrap;align-items:center;gap:8px;padding:8px 10px 0;background:#fff;border-top:1px solid #e5e7eb;margin:0;font-size:13px;color:#374151}
.person svg{width:16px;height:16px}
.asked{padding-bottom:8px}
.pbtn{display:flex;align-items:center;gap:6px;padding:6px 10px;border:1px solid var(--p);border-radius:999px;background:#fff;color:#1f2937;font-size:13px}
.pbtn:hover{background:#f1f5f9}
.perr{color:#991b1b}
.person+.form{border-top:0}
.form{display:flex;align-items:flex-end;gap:8px;padding:10px;border-top:1px solid #e5e7eb;background:#fff}
.input{flex:1;min-height:40px;max-height:120px;resize:none;margin:0;padding:9px 11px;font:inherit;color:#111827;background:#fff;border:1px solid #d1d5db;border-radius:10px}
.input:focus-visible{border-color:var(--p);outline:2px solid var(--p);outline-offset:-1px}
.send{width:40px;height:40px;flex:none;padding:0;border:0;border-radius:10px;background:var(--p);color:var(--pt);display:flex;align-items:center;justify-content:center}
.send svg{width:20px;height:20px}
.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;border:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}
.md p{margin:0 0 8px}
.md>:last-child{margin-bottom:0}
.md .h{margin-top:4px}
.md ul,.md ol{margin:0 0 8px;padding-left:20px}
.md li{margin:2px 0}
.md a{color:#1d4ed8;text-decoration:underline}
.md code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;background:#f1f5f9;border-radius:4px;padding:1px 4px}
.md pre{margin:0 0 8px;padding:10px;overflow-x:auto;background:#0f172a;color:#e2e8f0;border-radius:8px}
.md pre code{background:none;padding:0;color:inherit}
.md blockquote{margin:0 0 8px;padding-left:10px;border-left:3px solid #cbd5e1;color:#475569}
.md hr{border:0;border-top:1px solid #e5e7eb;margin:8px 0}
@media (max-width:480px){.panel,.left .panel{top:0;right:0;bottom:0;left:0;width:auto;height:auto;max-width:none;max-height:none;border-radius:0}.open .launcher{display:none}.input{font-size:16px}}
@media (prefers-reduced-motion:no-preference){.panel{animation:pw-in .16s ease-out}}
@keyframes pw-in{from{opacity:0;transform:translateY(8px)}}
`;

/**
 * The per-widget colours (validated by safeColor before they get here). `root`, a connected node
 * such as the widget's shadow root, lets the browser resolve a named colour (see textOn).
 */
export function themeCss(primaryColor: string, root?: ParentNode): string {
  return `:host{--p:${primaryColor};--pt:${textOn(primaryColor, root)}}`;
}

/**
 * Adopts the stylesheets in the shadow root; browsers without constructable stylesheets (and
 * jsdom) get a <style> element instead (which a strict style-src would block there).
 */
export function adoptStyles(shadow: ShadowRoot, texts: string[]): void {
  const canAdopt =
    typeof CSSStyleSheet !== 'undefined' &&
    'replaceSync' in CSSStyleSheet.prototype &&
    'adoptedStyleSheets' in ShadowRoot.prototype;
  if (canAdopt) {
    shadow.adoptedStyleSheets = texts.map((text) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      return sheet;
    });
    return;
  }
  for (const text of texts) {
    const style = document.createElement('style');
    style.textContent = text;
    shadow.appendChild(style);
  }
}
