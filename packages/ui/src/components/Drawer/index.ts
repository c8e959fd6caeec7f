export { Drawer } from './Drawer';
export type { DrawerProps, DrawerWidth } from './Drawer';
