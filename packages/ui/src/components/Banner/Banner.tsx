import {
  forwardRef,
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { Button } from '../Button';
import * as styles from './Banner.css';
import type { bannerTones } from './Banner.css';
import { CloseIcon } from '../Dialog/CloseIcon';

export type BannerTone = (typeof bannerTones)[number];

export interface BannerAction {
  /** Button text, e.g. 'Refresh' or 'Retry'. */
  label: string;
  onClick: () => void;
}

export interface BannerProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'role'> {
  /** 'error' is announced assertively (role=alert); the others politely (role=status). */
  tone: BannerTone;
  title: ReactNode;
  message?: ReactNode;
  /** A button at the end, e.g. `{ label: 'Refresh', onClick: () => location.reload() }`. */
  action?: BannerAction;
  /** Hide the banner (and call `onDismiss`) this many ms after it appears, e.g. 5000. */
  autoDismissMs?: number;
  /** Called when the banner hides itself (auto-dismiss or the Dismiss button). */
  onDismiss?: () => void;
  /** Shows a Dismiss (×) button. */
  dismissible?: boolean;
  /** Shows a spinner instead of the tone icon, e.g. the blue 'Saving...' banner. */
  busy?: boolean;
  /** Replaces the default tone icon. */
  icon?: ReactNode;
  /** Extra content under the message (e.g. a list of causes). */
  children?: ReactNode;
  /**
   * One slim line (title and message side by side, smaller): for a notice that stays on a screen
   * above its content, so several never pile up into a tall block.
   */
  slim?: boolean;
}

/** The tone's mark inside the ring: drawn, never a text glyph a font could turn into a box. */
function ToneMark({ path }: { path: string }) {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="3.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  );
}

const alertMark = 'M12 5v9M12 19.5v.01';
const toneGlyph: Record<BannerTone, ReactNode> = {
  success: <ToneMark path="M20 6 9 17l-5-5" />,
  error: <ToneMark path={alertMark} />,
  info: <ToneMark path="M12 4.5v.01M12 10v9.5" />,
  warning: <ToneMark path={alertMark} />,
};

function textKey(node: ReactNode): string {
  return typeof node === 'string' || typeof node === 'number' ? String(node) : '';
}

/**
 * An inline message: green success, red error, blue info/saving, amber warning. It can carry an
 * action button, a Dismiss button and hide itself after `autoDismissMs`. A banner hidden this way
 * shows again when its tone, title or message (as text) change.
 */
export const Banner = forwardRef<HTMLDivElement, BannerProps>(function Banner(
  {
    tone,
    title,
    message,
    action,
    autoDismissMs,
    onDismiss,
    dismissible = false,
    busy = false,
    icon,
    children,
    slim = false,
    className,
    ...rest
  },
  ref,
) {
  const contentKey = `${tone}\u0000${textKey(title)}\u0000${textKey(message)}`;
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  const visible = dismissedKey !== contentKey;
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  }, [onDismiss]);

  useEffect(() => {
    if (!visible || autoDismissMs === undefined || autoDismissMs < 0) return undefined;
    const timer = setTimeout(() => {
      setDismissedKey(contentKey);
      onDismissRef.current?.();
    }, autoDismissMs);
    return () => clearTimeout(timer);
  }, [autoDismissMs, contentKey, visible]);

  if (!visible) return null;

  const dismiss = () => {
    setDismissedKey(contentKey);
    onDismiss?.();
  };

  return (
    <div
      {...rest}
      ref={ref}
      role={tone === 'error' ? 'alert' : 'status'}
      data-tone={tone}
      data-density={slim ? 'slim' : undefined}
      className={[styles.banner({ tone, density: slim ? 'slim' : 'regular' }), className]
        .filter(Boolean)
        .join(' ')}
    >
      {busy ? (
        <span className={styles.busyIcon} aria-hidden="true" />
      ) : (
        <span
          className={icon ? undefined : [styles.icon, slim ? styles.slimIcon : null].join(' ')}
          aria-hidden="true"
        >
          {icon ?? toneGlyph[tone]}
        </span>
      )}
      <div className={[styles.content, slim ? styles.slimContent : null].join(' ')}>
        <p className={styles.title}>{title}</p>
        {message ? <p className={styles.message}>{message}</p> : null}
        {children}
      </div>
      {action || dismissible ? (
        <div className={styles.actions}>
          {action ? (
            <Button variant="secondary" size="sm" onClick={action.onClick}>
              {action.label}
            </Button>
          ) : null}
          {dismissible ? (
            <Button variant="ghost" size="sm" aria-label="Dismiss" onClick={dismiss}>
              <CloseIcon />
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
});
