// The menu's code (Radix's menu, popper, focus scope) as its own chunk: the navbar's menus load it
// after the page shows (NavMenu.tsx), so the first tab's JavaScript does not carry it.
export { DropdownMenu as default } from '@parley/ui';
