import QRCode from 'qrcode';

/** Renders the QR code in the browser (no third-party image service) as a PNG data URL. */
export function qrCodeDataUrl(text: string): Promise<string> {
  return QRCode.toDataURL(text, { width: 256, margin: 1, errorCorrectionLevel: 'M' });
}
