interface Props {
  size?: number;
}

/** The crest from /logo.svg (a school can replace the file). */
export function SchoolLogo({ size = 40 }: Props) {
  return <img src="/logo.svg" alt="School logo" width={size} height={Math.round(size * 1.125)} />;
}
