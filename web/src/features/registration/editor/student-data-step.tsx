import Alert from '@mui/material/Alert';
import { fieldValue } from '@sp/domain';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { AutosaveField } from './autosave-field';
import { FieldList } from './field-list';
import { FieldSection } from './field-section';
import { useStudentRecord } from './record-context';
import { StepPage } from './step-page';

const IMMIGRATION_DATES = ['immigration_issue_date', 'immigration_expiry_date'] as const;

/** Step 1: the student, contact details, and the immigration permit with its dates. */
export function StudentDataStep() {
  const { record } = useStudentRecord();
  const location = useLocation();
  const passwordChanged = (location.state as { passwordChanged?: boolean } | null)?.passwordChanged === true;
  const [permit, setPermit] = useState(() => fieldValue(record, 'immigration_permit') === 1);

  return (
    <StepPage step="studentData">
      {passwordChanged && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Your password has been changed.
        </Alert>
      )}
      <FieldSection title="Student Details">
        <FieldList section="identity" />
      </FieldSection>
      <FieldSection title="Contact">
        <FieldList section="contact" />
      </FieldSection>
      <FieldSection title="Immigration">
        <AutosaveField
          name="immigration_permit"
          flagStyle="switch"
          onValueChange={(value) => setPermit(value === 1)}
        />
        {permit && IMMIGRATION_DATES.map((name) => <AutosaveField key={name} name={name} />)}
      </FieldSection>
    </StepPage>
  );
}
