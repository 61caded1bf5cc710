/**
 * The registration feature's public entry (ADR 0033): the record editor, for staff's page of a student, and
 * the pieces of a record that staff's other student pages and the completion dashboard show.
 */
export { StudentRecordEditor } from './editor/student-record-editor';
export { FilePreviewDialog } from './editor/file-preview-dialog';
export { registrationSteps } from './editor/registration-steps';
export { useStudent } from './api/get-student';
export { rememberSavedField, saveStudentField } from './api/save-student-field';
export { useCheckDocument, useDocumentChecks } from './api/document-checks';
export { isLeaver, LeaverNotice } from './leaver-notice';
