/** The dashboard's charts (recharts) in the text colour: the margin, the grid and the axes. */
export const chartMargin = { top: 8, right: 8, bottom: 0, left: -16 } as const;
export const chartGrid = { strokeDasharray: '3 3', stroke: 'currentColor', strokeOpacity: 0.25 };
export const chartAxis = { tick: { fill: 'currentColor', fontSize: 12 }, stroke: 'currentColor' };
