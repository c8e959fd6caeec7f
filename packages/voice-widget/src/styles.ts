import { textOn } from './contrast';

/**
 * Adopted inside the shadow root (no <style>, no style attribute: CSP `style-src 'self'` holds).
 * px units only; `:host` !important beats the page's own !important rules on the host element.
 */
export const voiceCss = `
:host{all:initial!important;display:block!important;position:static!important;width:0!important;height:0!important;margin:0!important;padding:0!important;border:0!important;visibility:visible!important;opacity:1!important;transform:none!important;filter:none!important;contain:none!important}
*{box-sizing:border-box}
.root{position:fixed;z-index:2147482999;bottom:20px;right:20px;display:flex;flex-direction:column;align-items:flex-end;gap:8px;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1f2937}
.left{right:auto;left:20px;align-items:flex-start}
.stacked{bottom:28px;right:92px;flex-direction:row;align-items:center}
.left.stacked{right:auto;left:92px;flex-direction:row-reverse}
button{font:inherit;margin:0;cursor:pointer}
.call{display:flex;align-items:center;gap:8px;height:40px;padding:0 16px 0 12px;border:0;border-radius:20px;font-weight:600;background:var(--p);color:var(--pt);box-shadow:0 4px 14px rgba(15,23,42,.25);white-space:nowrap}
.end{background:#dc2626;color:#fff}
.call[aria-disabled=true]{opacity:.8;cursor:progress}
:focus-visible{outline:2px solid #1d4ed8;outline-offset:2px}
svg{width:18px;height:18px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.bubble{max-width:280px;display:flex;gap:8px;align-items:flex-start;padding:10px 12px;background:#fff;border:1px solid #e5e7eb;border-radius:12px;box-shadow:0 6px 20px rgba(15,23,42,.18)}
.err{background:#fef2f2;border-color:#fecaca;color:#991b1b}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.log:empty{display:none}
.x{border:0;background:none;color:inherit;font-size:18px;line-height:1;padding:0 2px}
`;

/** The primary colour and the text on it; `root` lets the browser resolve a named colour. */
export function themeCss(primaryColor: string, root?: ParentNode): string {
  return `:host{--p:${primaryColor};--pt:${textOn(primaryColor, root)}}`;
}

/** Constructable stylesheets; a <style> element where they are missing (old browsers, jsdom). */
export function adoptStyles(shadow: ShadowRoot, texts: string[]): void {
  if ('adoptedStyleSheets' in ShadowRoot.prototype && 'replaceSync' in CSSStyleSheet.prototype) {
    shadow.adoptedStyleSheets = texts.map((text) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(text);
      return sheet;
    });
  } else {
    for (const text of texts)
      shadow.appendChild(document.createElement('style')).textContent = text;
  }
}
