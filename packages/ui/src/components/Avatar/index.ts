export { Avatar } from './Avatar';
export type { AvatarProps, AvatarSize } from './Avatar';
export { avatarSizes } from './Avatar.css';
export { avatarColor, avatarColorIndex, avatarInitial } from './avatarColor';
