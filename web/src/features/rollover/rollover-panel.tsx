import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { defaultYearDates, rolloverConfirmSchema, type RolloverPreview, type RolloverRow } from '@sp/domain';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../api/client';
import { LoadingOverlay } from '../../components/loading-overlay';
import { useSchemaForm } from '../../components/form-schema';
import { useDocumentTitle } from '../../components/use-document-title';
import type { SchoolYear } from './api/answers';
import {
  useClassMoves,
  useConfirmRollover,
  useRolloverPreview,
  useSchoolYears,
  useUndoRollover,
} from './api/rollover-api';
import { BeforeYouStart } from './before-you-start';
import { ClassListUpload } from './class-list-upload';
import { ClassMoves } from './class-moves';
import { ConfirmStep } from './confirm-step';
import { ConflictsList } from './conflicts-list';
import { MarkDialog, type MarkSubject } from './mark-dialog';
import { PreviewCounts } from './preview-counts';
import { StepSection, goTo } from './step-section';
import { StudentsMarks } from './students-marks';
import { UndoRollover } from './undo-rollover';
import { Trans, useLingui } from '@lingui/react/macro';

/** The confirm's values: the dates typed in step 1, the year and plan of the preview shown. */
function useConfirmForm(preview: RolloverPreview) {
  const form = useSchemaForm(rolloverConfirmSchema, {
    defaultValues: {
      from_year: preview.from_year,
      to_year: preview.to_year,
      plan_hash: preview.plan_hash,
      ...defaultYearDates(preview.to_year),
    },
  });
  const { from_year, to_year, plan_hash } = preview;
  useEffect(() => {
    // A new year (after a rollover or an undo) starts from its own default dates; a new plan keeps them.
    if (form.getValues('to_year') !== to_year)
      form.reset({ from_year, to_year, plan_hash, ...defaultYearDates(to_year) });
    else form.setValue('plan_hash', plan_hash);
  }, [form, from_year, to_year, plan_hash]);
  return form;
}

interface StepsProps {
  preview: RolloverPreview;
  current: SchoolYear | undefined;
  confirm: ReturnType<typeof useConfirmRollover>;
  onRolledOver: (summary: string, year: number) => void;
}

function RolloverSteps({ preview, current, confirm, onRolledOver }: StepsProps) {
  const { t } = useLingui();
  const form = useConfirmForm(preview);
  const moves = useClassMoves();
  const [marking, setMarking] = useState<MarkSubject | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [fixClass, setFixClass] = useState<{ classId: string } | null>(null);
  const markStudent = useCallback((student: RolloverRow) => setMarking({ student }), []);
  const classes = preview.student_classes.flatMap((c) => (c.class_id ? [c.class_id] : []));
  return (
    <>
      <BeforeYouStart preview={preview} current={current} form={form} />
      <StepSection
        step={2}
        title={t`Marks for next year`}
        id="rollover-marks"
        intro={t`Without a mark, Forms 1 to 4 move up a form and Form 5 graduates. Mark who repeats, leaves, transfers to another school or stays on for the sixth form.`}
      >
        <Button variant="outlined" sx={{ mb: 2 }} onClick={() => setMarking({ classes })}>
          <Trans>Mark a whole class</Trans>
        </Button>
        {notice && (
          <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        <StudentsMarks first={preview} onMark={markStudent} />
        {moves.isError && <Alert severity="error">{errorMessage(moves.error)}</Alert>}
        {moves.data && <ClassMoves moves={moves.data} fixClass={fixClass} />}
        <ClassListUpload />
      </StepSection>
      <StepSection step={3} title={t`Preview`} id="rollover-preview">
        <PreviewCounts preview={preview} />
        <ConflictsList
          preview={preview}
          onMark={markStudent}
          onFixClass={(classId) => {
            setFixClass({ classId });
            goTo('rollover-moves');
          }}
        />
      </StepSection>
      <ConfirmStep
        preview={preview}
        form={form}
        confirm={confirm}
        onDone={(summary) => onRolledOver(summary, preview.to_year)}
      />
      {marking && (
        <MarkDialog
          subject={marking}
          sixthForm={preview.sixth_form}
          onClose={() => setMarking(null)}
          onSaved={(message) => {
            setMarking(null);
            setNotice(message);
          }}
        />
      )}
    </>
  );
}

/** New School Year (D49, admin role): the guided rollover, previewed before anything is written. */
export function RolloverPanel() {
  const { t } = useLingui();
  useDocumentTitle(t`New School Year`);
  const preview = useRolloverPreview();
  const years = useSchoolYears();
  const confirm = useConfirmRollover();
  const undo = useUndoRollover();
  const current = years.data?.find((y) => y.state === 'current');
  const [done, setDone] = useState<{ summary: string; year: number } | null>(null);
  const [undone, setUndone] = useState<string | null>(null);
  const undoable = current?.can_undo ? current.year : done?.year;
  const currentLabel = current?.label;
  const undoRefused = current?.undo_refused;
  const retry = (
    <Button color="inherit" size="small" onClick={() => void preview.refetch()}>
      <Trans>Retry</Trans>
    </Button>
  );
  if (preview.isError) {
    const reason = errorMessage(preview.error);
    return (
      <Alert severity="error" action={retry}>
        {t`The rollover preview could not be loaded. ${reason}`}
      </Alert>
    );
  }
  if (!preview.data) return <LoadingOverlay open label={t`Loading the rollover preview`} />;
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        <Trans>New School Year</Trans>
      </Typography>
      {undoable !== undefined && (
        <UndoRollover
          year={undoable}
          summary={done?.summary ?? null}
          undo={undo}
          onUndone={(message) => {
            setDone(null);
            setUndone(message);
          }}
        />
      )}
      {undoable === undefined && undoRefused && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Trans>
            {currentLabel} is the current year. Its rollover can no longer be undone. {undoRefused}
          </Trans>
        </Alert>
      )}
      {undone && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => setUndone(null)}>
          {undone}
        </Alert>
      )}
      <RolloverSteps
        // A new current year (after a rollover or an undo) starts its steps afresh: no old notice or search.
        key={preview.data.from_year}
        preview={preview.data}
        current={current}
        confirm={confirm}
        onRolledOver={(summary, year) => {
          setUndone(null);
          setDone({ summary, year });
        }}
      />
    </>
  );
}
