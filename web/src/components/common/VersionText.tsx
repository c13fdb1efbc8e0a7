/** How many characters of a long version (a hash) show; the whole shows on hover. */
export const SHORT_VERSION_LENGTH = 8;

/** A version as people read it: a number as it is, a hash by its first characters, the whole on hover. */
export function VersionText({ version, empty = '없음' }: { version: unknown; empty?: string }) {
  if (version === null || version === undefined || version === '') return <>{empty}</>;
  const text = String(version);
  if (text.length <= SHORT_VERSION_LENGTH) return <>{text}</>;
  return (
    <span className="version-text" title={text}>
      {text.slice(0, SHORT_VERSION_LENGTH)}
    </span>
  );
}
