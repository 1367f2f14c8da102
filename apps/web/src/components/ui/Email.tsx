import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects it to: after the '@' and before each
 * dot, rather than mid-word ('utilisateur@demo.mune' / 'gu.local' on a phone). The parts stay
 * text: nothing is rendered as HTML.
 */
export function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  const local = at < 0 ? address : address.slice(0, at + 1);
  const domain = at < 0 ? '' : address.slice(at + 1);
  return (
    <>
      {local}
      {domain && <wbr />}
      {domain.split('.').map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              <wbr />.
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}
