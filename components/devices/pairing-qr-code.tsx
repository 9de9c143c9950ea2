'use client';

import { useEffect, useState } from 'react';

/**
 * The pairing address as a QR code a phone's camera opens, drawn as one SVG path from the code's
 * modules (no markup from elsewhere is put in the page). The encoder loads with the dialog only.
 */
export function PairingQrCode({ address }: { address: string }) {
  const [drawing, setDrawing] = useState<{ size: number; path: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ default: QRCode }) => {
        const { modules } = QRCode.create(address, { errorCorrectionLevel: 'M' });
        let path = '';
        for (let row = 0; row < modules.size; row++) {
          for (let column = 0; column < modules.size; column++) {
            if (modules.get(row, column)) path += `M${column + 4} ${row + 4}h1v1h-1z`;
          }
        }
        if (current) setDrawing({ size: modules.size + 8, path });
      })
      .catch((error: unknown) => current && setFailure(`The QR code could not be drawn (${String(error)}): type the code instead.`));
    return () => {
      current = false;
    };
  }, [address]);

  if (failure) return <p role="alert">{failure}</p>;
  if (!drawing) return <p aria-live="polite">Drawing the QR code…</p>;
  return (
    <svg
      role="img"
      aria-label={`QR code of ${address}`}
      data-testid="pairing-qr"
      viewBox={`0 0 ${drawing.size} ${drawing.size}`}
      width={drawing.size * 5}
      height={drawing.size * 5}
      shapeRendering="crispEdges"
    >
      <rect width={drawing.size} height={drawing.size} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
