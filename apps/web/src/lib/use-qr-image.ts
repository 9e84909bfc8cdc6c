import { useEffect, useState } from 'react';

const qrSizePx = 360;

/** A data URL of the text's QR code; qrcode loads on demand, outside the entry chunk. */
async function qrDataUrl(text: string): Promise<string> {
  const module = await import('qrcode');
  const toDataURL = module.toDataURL ?? module.default.toDataURL;
  return toDataURL(text, {
    width: qrSizePx,
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#0b0e11ff', light: '#ffffffff' },
  });
}

export type QrImage = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };

/** The QR code of `text`, rendered again whenever the text changes. */
export function useQrImage(text: string): QrImage {
  const [image, setImage] = useState<{ text: string; result: QrImage } | null>(null);
  useEffect(() => {
    let current = true;
    qrDataUrl(text)
      .then((src) => current && setImage({ text, result: { status: 'ready', src } }))
      .catch(() => current && setImage({ text, result: { status: 'failed' } }));
    return () => {
      current = false;
    };
  }, [text]);
  return image?.text === text ? image.result : { status: 'loading' };
}
