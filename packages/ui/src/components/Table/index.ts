export { Table } from './Table';
export type { TableProps, TableColumn, TableAlign } from './Table';
export { tableAligns } from './Table.css';
