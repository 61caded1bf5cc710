import Alert from '@mui/material/Alert';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const { record } = useStudentRecord();
  const location = useLocation();
  const passwordChanged = (location.state as { passwordChanged?: boolean } | null)?.passwordChanged === true;
  const [permit, setPermit] = useState(() => fieldValue(record, 'immigration_permit') === 1);

  return (
    <StepPage step="studentData">
      {passwordChanged && (
        <Alert severity="success" sx={{ mb: 2 }}>
          <Trans>Your password has been changed.</Trans>
        </Alert>
      )}
      <FieldSection title={t`Student Details`}>
        <FieldList section="identity" />
      </FieldSection>
      <FieldSection title={t`Contact`}>
        <FieldList section="contact" />
      </FieldSection>
      <FieldSection title={t`Immigration`}>
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
