import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import { fieldValue } from '@sp/domain';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { AutosaveField } from './autosave-field';
import {
  FAMILY_SECTIONS,
  anyFamilySectionVisible,
  familySectionStates,
  familySectionTitles,
  familySectionToggles,
  type SectionToggles,
} from './family-sections';
import { FieldList } from './field-list';
import { FieldSection } from './field-section';
import { useStudentRecord } from './record-context';
import { StepPage } from './step-page';

/** Step 2: living status, the mother, father and guardian sections it calls for, demographics, emergency. */
export function FamilyDataStep() {
  const { t, i18n } = useLingui();
  const { record } = useStudentRecord();
  const [livingStatus, setLivingStatus] = useState(() => String(fieldValue(record, 'living_status') ?? ''));
  const [toggles, setToggles] = useState<SectionToggles>({});
  const states = familySectionStates(livingStatus, toggles, record);

  return (
    <StepPage step="familyData">
      <AutosaveField
        name="living_status"
        onValueChange={(value) => {
          setLivingStatus(String(value));
          // A new living status decides afresh; earlier hand toggles no longer apply.
          setToggles({});
        }}
      />
      <FormGroup role="group" aria-label={t`Sections to show`} sx={{ mt: 1 }}>
        {FAMILY_SECTIONS.map((section) => (
          <FormControlLabel
            key={section}
            label={i18n._(familySectionToggles[section])}
            disabled={states[section].locked}
            control={
              <Checkbox
                checked={states[section].visible}
                onChange={(event) => setToggles((t) => ({ ...t, [section]: event.target.checked }))}
              />
            }
          />
        ))}
      </FormGroup>
      {FAMILY_SECTIONS.filter((section) => states[section].visible).map((section) => (
        <FieldSection key={section} title={i18n._(familySectionTitles[section])}>
          <FieldList section={section} />
        </FieldSection>
      ))}
      {anyFamilySectionVisible(states) && (
        <Box>
          <FieldSection title={t`Family Demographics`}>
            <FieldList section="demographics" />
          </FieldSection>
          <FieldSection title={t`Emergency Contact`}>
            <FieldList section="emergency" />
          </FieldSection>
        </Box>
      )}
    </StepPage>
  );
}
