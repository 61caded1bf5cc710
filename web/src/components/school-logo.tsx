import { usePublicSettings } from '../api/settings';

interface Props {
  size?: number;
}

const CREST = '/logo.svg';

/**
 * The school's uploaded logo (D19), or the drawn crest from /logo.svg while none is uploaded. Until the
 * settings have loaded the space stays empty, so the crest does not flash before a school's own logo.
 */
export function SchoolLogo({ size = 40 }: Props) {
  const { data, isError } = usePublicSettings();
  const height = Math.round(size * 1.125);
  const src = data ? (data.logo_url ?? CREST) : isError ? CREST : null;
  if (!src)
    return <span aria-hidden style={{ display: 'inline-block', width: size, height, flexShrink: 0 }} />;
  return (
    <img
      src={src}
      alt="School logo"
      width={size}
      height={height}
      style={{ objectFit: 'contain', flexShrink: 0 }}
    />
  );
}
