import { useLingui } from '@lingui/react/macro';
import { FieldList } from './field-list';
import { FieldSection } from './field-section';
import { StepPage } from './step-page';

/** Step 4: special consideration, achievements, the device, and three yes/no switches. */
export function OtherDataStep() {
  const { t } = useLingui();
  return (
    <StepPage step="otherData">
      <FieldSection title={t`About the Student`}>
        <FieldList section="other" flagStyle="switch" />
      </FieldSection>
    </StepPage>
  );
}
