import Button, { type ButtonProps } from '@mui/material/Button';
import { errorMessage } from '../../api/client';
import { SignInAlert } from '../auth';

/** The last call's refusal above a page's button, or nothing. */
export function CallFailure({ error }: { error: Error | null }) {
  return (
    error && (
      <SignInAlert severity="error" sx={{ mt: 1 }}>
        {errorMessage(error)}
      </SignInAlert>
    )
  );
}

/** The one thing a mail page does, full width for a thumb. */
export function MainAction(props: ButtonProps) {
  return <Button variant="contained" size="large" fullWidth sx={{ mt: 2 }} {...props} />;
}
