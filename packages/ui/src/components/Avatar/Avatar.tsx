import { forwardRef, type HTMLAttributes } from 'react';
import { avatar, avatarColorClass, type avatarSizes } from './Avatar.css';
import { avatarColorIndex, avatarInitial } from './avatarColor';

export type AvatarSize = (typeof avatarSizes)[number];

export interface AvatarProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Full name; its first character is the letter and picks the colour. */
  name: string;
  size?: AvatarSize;
  /**
   * Hide the avatar from assistive tech when the name is already written next to it.
   * Otherwise it is an image labelled with the name.
   */
  decorative?: boolean;
}

/**
 * Letter avatar: the first character of `name` uppercased on one of the 12 fixed avatar colours
 * (`avatarColor(name)`); an empty name shows '?'.
 */
export const Avatar = forwardRef<HTMLSpanElement, AvatarProps>(function Avatar(
  { name, size = 'md', decorative = false, className, ...rest },
  ref,
) {
  const index = avatarColorIndex(name);
  const a11y = decorative
    ? ({ 'aria-hidden': true } as const)
    : ({ role: 'img', 'aria-label': name.trim() || 'Unknown' } as const);
  return (
    <span
      {...a11y}
      {...rest}
      ref={ref}
      data-color-index={index}
      className={[avatar({ size }), avatarColorClass[index], className].filter(Boolean).join(' ')}
    >
      <span aria-hidden="true">{avatarInitial(name)}</span>
    </span>
  );
});
