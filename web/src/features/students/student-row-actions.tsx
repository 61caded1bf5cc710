import DescriptionIcon from '@mui/icons-material/Description';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { enrolMessages, type AdminStudent } from '@sp/domain';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { MenuButton } from '../../components/menu-button';
import { paths } from '../../paths';
import { withYear } from '../school-years';
import { Trans, useLingui } from '@lingui/react/macro';

export type StudentDialog = 'form' | 'edit' | 'reset' | 'withdraw' | 'reenrol';

interface Props {
  student: AdminStudent;
  onOpen: (dialog: StudentDialog, student: AdminStudent) => void;
  /** On a phone every action is in the menu, so the row fits the screen. */
  compact?: boolean;
  /**
   * A closed school year's row (D49): only what reads that year (its form and history) and the term reports;
   * nothing that writes.
   */
  closedYear?: number | undefined;
  /** With a closed year: the current year's label, for re-enrolling a student who is not in it. */
  currentYearLabel?: string | undefined;
}

/** A row's actions: the spec's Registration Form and Edit as buttons, the rest in a menu. */
export function StudentRowActions({ student, onOpen, compact = false, closedYear, currentYearLabel }: Props) {
  const { t } = useLingui();
  const writes = closedYear === undefined;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = `${student.first_name} ${student.last_name}`;
  const menuId = `actions-${student.id}`;
  const close = () => setAnchor(null);
  const open = (dialog: StudentDialog) => () => {
    close();
    onOpen(dialog, student);
  };
  const link = (to: string, label: string) => (
    <MenuItem component={RouterLink} to={to} onClick={close}>
      {label}
    </MenuItem>
  );
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      {!compact && (
        <>
          <Tooltip title={t`Registration Form`}>
            <IconButton
              size="small"
              aria-label={t`Registration Form of ${name}`}
              onClick={() => onOpen('form', student)}
            >
              <DescriptionIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          {writes && (
            <Tooltip title={t`Edit`}>
              <IconButton size="small" aria-label={t`Edit ${name}`} onClick={() => onOpen('edit', student)}>
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </>
      )}
      <Tooltip title={t`More actions`}>
        <MenuButton
          size="small"
          aria-label={t`More actions for ${name}`}
          menuId={menuId}
          anchor={anchor}
          onOpen={setAnchor}
        />
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {compact && (
          <MenuItem onClick={open('form')}>
            <Trans>Registration Form</Trans>
          </MenuItem>
        )}
        {compact && writes && (
          <MenuItem onClick={open('edit')}>
            <Trans>Edit</Trans>
          </MenuItem>
        )}
        {writes && (
          <MenuItem onClick={open('reset')}>
            <Trans>Reset Password</Trans>
          </MenuItem>
        )}
        {writes && link(paths.admin.studentDocuments(student.id), t`Documents`)}
        {link(withYear(paths.admin.studentHistory(student.id), closedYear), t`History`)}
        {link(paths.admin.studentTermReports(student.id), t`Term Reports`)}
        {writes && link(paths.admin.studentRecord(student.id), t`Whole registration record`)}
        {!writes && currentYearLabel && student.enrolled_now === false && (
          <MenuItem onClick={open('reenrol')}>{enrolMessages.action(currentYearLabel)}</MenuItem>
        )}
        {writes && (
          <MenuItem onClick={open('withdraw')}>{student.withdrawn_at ? t`Reinstate` : t`Withdraw`}</MenuItem>
        )}
      </Menu>
    </Box>
  );
}
