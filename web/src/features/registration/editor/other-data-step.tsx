import { FieldList } from './field-list';
import { FieldSection } from './field-section';
import { StepPage } from './step-page';

/** Step 4: special consideration, achievements, the device, and three yes/no switches. */
export function OtherDataStep() {
  return (
    <StepPage step="otherData">
      <FieldSection title="About the Student">
        <FieldList section="other" flagStyle="switch" />
      </FieldSection>
    </StepPage>
  );
}
