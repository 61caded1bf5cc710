import Avatar from '@mui/material/Avatar';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import { initials } from '@sp/domain';

interface Props {
  fullName: string | null | undefined;
}

/** The signed-in user's initials; the full name is the tooltip and the accessible name. */
export function UserAvatar({ fullName }: Props) {
  if (!fullName)
    return (
      <Skeleton
        variant="circular"
        width={40}
        height={40}
        aria-hidden
        sx={{ bgcolor: 'rgba(255,255,255,0.3)' }}
      />
    );
  return (
    <Tooltip title={fullName}>
      <Avatar
        role="img"
        aria-label={fullName}
        sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', fontWeight: 500 }}
      >
        {initials(fullName)}
      </Avatar>
    </Tooltip>
  );
}
