// Exports of the overlay components (kept in its own file so each group is edited independently).
export { Dialog } from './components/Dialog';
export type { DialogProps, DialogSize } from './components/Dialog';
export { ConfirmDialog } from './components/ConfirmDialog';
export type { ConfirmDialogProps } from './components/ConfirmDialog';
export { DropdownMenu } from './components/DropdownMenu';
export type { DropdownMenuProps, DropdownMenuItem } from './components/DropdownMenu';
export { Tabs } from './components/Tabs';
export type { TabsProps, TabItem } from './components/Tabs';
export {
  ThemeToggle,
  readThemePreference,
  writeThemePreference,
  themeStorageKey,
} from './components/ThemeToggle';
export type { ThemeToggleProps, MatchMedia } from './components/ThemeToggle';
export { Tooltip, TooltipProvider } from './components/Tooltip';
export type { TooltipProps, TooltipProviderProps } from './components/Tooltip';
export { Drawer } from './components/Drawer';
export type { DrawerProps, DrawerWidth } from './components/Drawer';
export { ToastProvider, useToast } from './components/Toast';
export type { ToastOptions, ToastTone } from './components/Toast';
