import Box from '@mui/material/Box';
import { fieldsOfSection, type FieldSection as SectionName } from '@sp/domain';
import { AutosaveField } from './autosave-field';

interface Props {
  section: SectionName;
  /** Fields of the section to leave out (shown elsewhere or on their own terms). */
  except?: readonly string[];
  flagStyle?: 'checkbox' | 'switch';
  /** Checkbox lists take two columns where there is room. */
  columns?: boolean;
}

/** Every field of a section of the domain table, in the table's order. */
export function FieldList({ section, except = [], flagStyle, columns = false }: Props) {
  return (
    <Box
      sx={columns ? { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 } : {}}
    >
      {fieldsOfSection(section)
        .filter((field) => !except.includes(field.name))
        .map((field) => (
          <AutosaveField key={field.name} name={field.name} flagStyle={flagStyle} />
        ))}
    </Box>
  );
}
