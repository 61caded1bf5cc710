import { Trans, useLingui } from '@lingui/react/macro';
import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { lazy, Suspense, useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useFormClasses } from '../../components/lookups/get-lookup';

const PdfDialog = lazy(async () => ({ default: (await import('../../components/pdf-dialog')).PdfDialog }));

/**
 * "Print family letters" (D50): staff choose a class and get a letter for each of its students with the family
 * code and how a parent signs up and links the child, to print and hand out.
 */
export function FamilyLettersButton() {
  const { t } = useLingui();
  const classes = useFormClasses();
  const [step, setStep] = useState<'closed' | 'choose' | 'show'>('closed');
  const [classId, setClassId] = useState('');
  const close = () => setStep('closed');
  return (
    <>
      <Button startIcon={<PrintIcon />} onClick={() => setStep('choose')}>
        <Trans>Print family letters</Trans>
      </Button>
      {step === 'choose' && (
        <FormDialog
          titleId="family-letters-title"
          title={t`Print family letters`}
          pending={false}
          onClose={close}
          onSubmit={async (event) => {
            event.preventDefault();
            if (classId) setStep('show');
          }}
          submit={t`Show the letters`}
        >
          <DialogContentText sx={{ mb: 2 }}>
            <Trans>
              A page for each student of the class with their family code and how a parent links the child to
              a parent account. Codes that have not been used stay the same; students without one get one now.
            </Trans>
          </DialogContentText>
          <TextField
            id="family-letters-class"
            select
            required
            fullWidth
            label={t`Class`}
            value={classId}
            onChange={(event) => setClassId(event.target.value)}
            helperText={classes.isError ? t`The classes could not be loaded.` : undefined}
          >
            {(classes.data ?? []).map((c) => (
              <MenuItem key={c.class_id} value={c.class_id}>
                {c.class_id}
              </MenuItem>
            ))}
          </TextField>
        </FormDialog>
      )}
      {step === 'show' && (
        <Suspense fallback={<LoadingOverlay open />}>
          <PdfDialog
            title={t`Family letters: ${classId}`}
            src={`/api/classes/${encodeURIComponent(classId)}/family-letters`}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
