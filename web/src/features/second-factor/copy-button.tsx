import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';

/** Copies `text`; the button then says whether it worked (a browser may refuse the clipboard). */
export function CopyButton({ text, label, ...props }: { text: string; label: string } & ButtonProps) {
  const { t } = useLingui();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()} aria-live="polite" {...props}>
      {state === 'copied' ? t`Copied` : state === 'failed' ? t`Select and copy it instead` : label}
    </Button>
  );
}
