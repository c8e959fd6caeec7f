import type { ReactNode } from 'react';
import * as frames from '../chat/storyFrames.css';

/** An 'All states' story's canvas: each named state's props, drawn by `render` under its label. */
export function StateGrid<P>(props: {
  states: ReadonlyArray<readonly [string, P]>;
  render: (state: P) => ReactNode;
}) {
  return (
    <div className={frames.grid}>
      {props.states.map(([label, state]) => (
        <div key={label} className={frames.cell}>
          <p className={frames.caption}>{label}</p>
          {props.render(state)}
        </div>
      ))}
    </div>
  );
}
