import { useEffect, useState } from 'react';
import { Button, Dialog, Spinner } from '@parley/ui';
import * as styles from './agents.css';

export interface QrCodeModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agentName: string;
  url: string;
  /** Produces the image; the container passes the in-browser generator. */
  renderQr: (url: string) => Promise<string>;
}

export const qrFailedText = 'Failed to load QR code';

export function QrCodeModal({ open, onOpenChange, agentName, url, renderQr }: QrCodeModalProps) {
  const [image, setImage] = useState<{ url: string; src: string | null } | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    renderQr(url).then(
      (src) => live && setImage({ url, src }),
      () => live && setImage({ url, src: null }),
    );
    return () => {
      live = false;
    };
  }, [open, url, renderQr]);
  const current = image?.url === url ? image : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`QR Code for ${agentName}`} size="sm">
      <div className={styles.qrBox}>
        <p className={styles.muted}>Scan this QR code to open the agent on any device</p>
        {!current ? (
          <Spinner label="Generating QR code" />
        ) : current.src ? (
          <img
            className={styles.qrImage}
            src={current.src}
            alt={`QR code for ${url}`}
            onError={() => setImage({ url, src: null })}
          />
        ) : (
          <p role="alert">{qrFailedText}</p>
        )}
        <a className={styles.url} href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </div>
    </Dialog>
  );
}
