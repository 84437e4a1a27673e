// The QR code of a referral link, made in the browser by the qrcode library (loaded with this
// module only, when the dashboard shows the code): an SVG to show, sharp at any size, and a PNG
// to download and print.
import QRCode from 'qrcode';

const colors = { dark: '#251d2a', light: '#ffffff' };

export async function referralQrCode(link: string): Promise<{ svg: string; png: string }> {
  const [svg, png] = await Promise.all([
    QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M', color: colors }),
    QRCode.toDataURL(link, { width: 1024, margin: 2, errorCorrectionLevel: 'M', color: colors }),
  ]);
  return { svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, png };
}
