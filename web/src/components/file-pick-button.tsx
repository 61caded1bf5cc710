import Button from '@mui/material/Button';
import { useRef, type ChangeEvent, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  icon: ReactNode;
  /** The file box's own name, for assistive technology and tests. */
  inputLabel: string;
  accept: string;
  /** Opens the phone's camera instead of its files. */
  camera?: boolean;
  variant?: 'outlined' | 'contained';
  disabled?: boolean;
  describedBy?: string;
  onFile: (file: File) => void;
}

/** One tab stop: the button opens the file box, which itself stays out of the tab order. */
export function FilePickButton({
  children,
  icon,
  inputLabel,
  accept,
  camera,
  variant = 'outlined',
  disabled,
  describedBy,
  onFile,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.files?.[0];
    // The same file can be chosen again after a failure or a cancel.
    event.target.value = '';
    if (next) onFile(next);
  };
  return (
    <>
      <Button
        variant={variant}
        startIcon={icon}
        onClick={() => input.current?.click()}
        disabled={disabled}
        aria-describedby={describedBy}
      >
        {children}
      </Button>
      <input
        ref={input}
        type="file"
        tabIndex={-1}
        hidden
        accept={accept}
        capture={camera ? 'environment' : undefined}
        onChange={choose}
        aria-label={inputLabel}
      />
    </>
  );
}
