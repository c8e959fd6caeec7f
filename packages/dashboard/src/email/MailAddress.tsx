import { Fragment } from 'react';

/**
 * An e-mail address that may wrap at its natural points: after the '@' and before each dot
 * (`support-team@acme.example` → `support-team@` / `acme` / `.example`), not in the middle of a
 * word; a part that cannot fit on a line still wraps (the container's `overflow-wrap`).
 */
export function MailAddress({ value }: { value: string }) {
  const parts = value.split(/(?=\.)|(?<=@)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
