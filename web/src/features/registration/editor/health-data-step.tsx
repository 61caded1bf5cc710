import { useLingui } from '@lingui/react/macro';
import { AutosaveField } from './autosave-field';
import { FieldList } from './field-list';
import { FieldSection } from './field-section';
import { useStudentRecord } from './record-context';
import { StepPage } from './step-page';

/** Step 3 (the side menu's "Medical Data"): immunizations, conditions, notes, and learning challenges (D9). */
export function HealthDataStep() {
  const { t } = useLingui();
  const { learningChallengesEnabled } = useStudentRecord();
  return (
    <StepPage step="healthData">
      <FieldSection title={t`Immunizations`} group>
        <FieldList section="immunization" columns />
      </FieldSection>
      <FieldSection title={t`Conditions`} group>
        <FieldList section="condition" columns />
      </FieldSection>
      <FieldSection title={t`Other Health Information`}>
        <FieldList section="health" />
      </FieldSection>
      {learningChallengesEnabled && (
        <FieldSection title={t`Learning Challenges`} group>
          <FieldList section="learning" except={['other_learning_disablity']} columns />
          <AutosaveField name="other_learning_disablity" />
        </FieldSection>
      )}
    </StepPage>
  );
}
