import { t } from '@lingui/core/macro';
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
  // An uploaded logo is kept opaque on white (D46): on the coloured top bar it sits on a small white card, so the
  // white reads as the card and not as a square cut out of the bar.
  const card =
    src !== CREST
      ? { background: '#fff', borderRadius: 6, padding: 2, boxSizing: 'border-box' as const }
      : {};
  return (
    <img
      src={src}
      alt={t`School logo`}
      width={size}
      height={height}
      style={{ objectFit: 'contain', flexShrink: 0, ...card }}
    />
  );
}
