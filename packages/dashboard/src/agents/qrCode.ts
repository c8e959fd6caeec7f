/**
 * Renders the QR code in the browser (no third-party image service) as a PNG data URL. The QR
 * library is loaded on first use, not with the Agents tab.
 */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(text, { width: 256, margin: 1, errorCorrectionLevel: 'M' });
}
