import { useEffect, useState } from 'react';

/** A data URL of the text's QR code, `sizePx` square; qrcode loads on demand, outside the entry chunk. */
async function qrDataUrl(text: string, sizePx: number): Promise<string> {
  const module = await import('qrcode');
  const toDataURL = module.toDataURL ?? module.default.toDataURL;
  return toDataURL(text, {
    width: sizePx,
    margin: 1,
    errorCorrectionLevel: 'M',
    color: { dark: '#0b0e11ff', light: '#ffffffff' },
  });
}

export type QrImage = { status: 'loading' } | { status: 'ready'; src: string } | { status: 'failed' };

/** The QR code of `text` (an address, a link), rendered again whenever the text changes. */
export function useQrImage(text: string, sizePx: number): QrImage {
  const [image, setImage] = useState<{ text: string; result: QrImage } | null>(null);
  useEffect(() => {
    let current = true;
    qrDataUrl(text, sizePx)
      .then((src) => current && setImage({ text, result: { status: 'ready', src } }))
      .catch(() => current && setImage({ text, result: { status: 'failed' } }));
    return () => {
      current = false;
    };
  }, [text, sizePx]);
  return image?.text === text ? image.result : { status: 'loading' };
}
