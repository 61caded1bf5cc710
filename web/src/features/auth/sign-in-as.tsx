import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useLingui } from '@lingui/react/macro';
import type { KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';

export type SignInWho = 'student' | 'parent';

const CHOICES: SignInWho[] = ['student', 'parent'];

/** Who the sign-in page is for: `?as=parent` opens the parent's form, so an e-mail can link to it (D50). */
export function useSignInWho(): SignInWho {
  return useSearchParams()[0].get('as') === 'parent' ? 'parent' : 'student';
}

/**
 * The "Student | Parent" choice at the top of the sign-in card: two tabs drawn with the buttons the page loads
 * anyway (MUI's Tabs would add about 4 KiB to the first script, which has a budget).
 */
export function SignInAs({ who }: { who: SignInWho }) {
  const { t } = useLingui();
  const labels: Record<SignInWho, string> = { student: t`Student`, parent: t`Parent` };
  const [, setParams] = useSearchParams();
  const choose = (next: SignInWho) => setParams(next === 'parent' ? { as: 'parent' } : {}, { replace: true });
  // Arrow keys move between the two, as in any tab list.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = who === 'student' ? 'parent' : 'student';
    choose(next);
    document.getElementById(`sign-in-as-${next}`)?.focus();
  };
  return (
    <Box
      role="tablist"
      aria-label={t`Who is signing in`}
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', mb: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      {CHOICES.map((value) => {
        const selected = value === who;
        return (
          <Button
            key={value}
            id={`sign-in-as-${value}`}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => choose(value)}
            fullWidth
            color={selected ? 'primary' : 'inherit'}
            sx={{
              borderRadius: 0,
              py: 1.5,
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              color: selected ? 'primary.main' : 'text.secondary',
            }}
          >
            {labels[value]}
          </Button>
        );
      })}
    </Box>
  );
}
