import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';

interface Props extends Omit<IconButtonProps, 'onClick' | 'children'> {
  'aria-label': string;
  /** The id of the menu it opens. */
  menuId: string;
  /** The open menu's anchor, null while closed. */
  anchor: HTMLElement | null;
  onOpen: (anchor: HTMLElement) => void;
}

/**
 * The ⋮ button that opens a row's menu. A finger needs 44 px (WCAG 2.5.5); on a computer the table's rows
 * stay compact. Other props (a Tooltip's) reach the button.
 */
export function MenuButton({ menuId, anchor, onOpen, size, ...rest }: Props) {
  return (
    <IconButton
      size={size}
      {...rest}
      sx={{ minWidth: { xs: 44, sm: 'auto' }, minHeight: { xs: 44, sm: 'auto' } }}
      aria-haspopup="menu"
      aria-controls={anchor ? menuId : undefined}
      aria-expanded={anchor ? 'true' : undefined}
      onClick={(event) => onOpen(event.currentTarget)}
    >
      <MoreVertIcon fontSize={size === 'small' ? 'small' : undefined} />
    </IconButton>
  );
}
