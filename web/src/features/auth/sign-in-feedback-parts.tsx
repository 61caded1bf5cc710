/** What the sign-in screens draw only once something is under way: a chunk of its own (sign-in-feedback.tsx). */
export { default as Alert } from '@mui/material/Alert';
export { LoadingOverlay } from '../../components/loading-overlay';
