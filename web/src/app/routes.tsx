import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { lazyScreen as lazyNamed } from '../components/lazy-screen';
import { StaffSignInPage } from '../features/auth/staff-sign-in-page';
import { StudentSignInPage } from '../features/auth/student-sign-in-page';
import { apiPaths } from '../api/api-paths';
import { paths, STEP_SEGMENTS, type StepKey } from '../paths';
import { familyData } from './early-data';
import { staffPanels } from './staff/staff-panels';
import { RequireAdminRole, RequireAuth, RequireStaff, VisitorOnly } from './guards';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

const StudentLayout = lazyNamed(() => import('./layout/student-layout'), 'StudentLayout');
const StaffLayout = lazyNamed(() => import('./staff/staff-layout'), 'StaffLayout');
const DashboardPage = lazyNamed(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const ReportCardsPage = lazyNamed(
  () => import('../features/report-cards/report-cards-page'),
  'ReportCardsPage',
);
const RegistrationLayout = lazyNamed(
  () => import('../features/registration/registration-layout'),
  'RegistrationLayout',
);
const StudentRecordPage = lazyNamed(
  () => import('../features/students/student-record-page'),
  'StudentRecordPage',
);
const StudentDocumentsPage = lazyNamed(
  () => import('../features/students/student-documents-page'),
  'StudentDocumentsPage',
);
const StudentHistoryPage = lazyNamed(
  () => import('../features/student-history/student-history-page'),
  'StudentHistoryPage',
);
const StudentReportCardsPage = lazyNamed(
  () => import('../features/report-cards/student-report-cards-page'),
  'StudentReportCardsPage',
);
const steps: Record<StepKey, ComponentType> = {
  studentData: lazyNamed(
    () => import('../features/registration/editor/student-data-step'),
    'StudentDataStep',
  ),
  familyData: lazyNamed(() => import('../features/registration/editor/family-data-step'), 'FamilyDataStep'),
  healthData: lazyNamed(() => import('../features/registration/editor/health-data-step'), 'HealthDataStep'),
  otherData: lazyNamed(() => import('../features/registration/editor/other-data-step'), 'OtherDataStep'),
  documents: lazyNamed(() => import('../features/registration/editor/documents-step'), 'DocumentsStep'),
  submit: lazyNamed(() => import('../features/registration/editor/complete-step'), 'CompleteStep'),
};
const ChangePasswordPage = lazyNamed(
  () => import('../features/auth/change-password-page'),
  'ChangePasswordPage',
);
const StaffChangePasswordPage = lazyNamed(
  () => import('../features/auth/staff-change-password-page'),
  'StaffChangePasswordPage',
);
const SecurityPage = lazyNamed(() => import('../features/second-factor/security-page'), 'SecurityPage');
const LogoutPage = lazyNamed(() => import('../features/auth/logout-page'), 'LogoutPage');
const ForgotPasswordPage = lazyNamed(
  () => import('../features/mail/forgot-password-page'),
  'ForgotPasswordPage',
);
const StaffForgotPasswordPage = lazyNamed(
  () => import('../features/mail/forgot-password-page'),
  'StaffForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('../features/mail/reset-password-page'),
  'ResetPasswordPage',
);
const ConfirmEmailPage = lazyNamed(() => import('../features/mail/confirm-email-page'), 'ConfirmEmailPage');
const UnsubscribePage = lazyNamed(() => import('../features/mail/unsubscribe-page'), 'UnsubscribePage');
const EmailAddressesPage = lazyNamed(
  () => import('../features/mail/email-addresses-page'),
  'EmailAddressesPage',
);
const ParentChildrenPage = lazyNamed(
  () => import('../features/parents/parent-children-page'),
  'ParentChildrenPage',
);
const ParentSignUpPage = lazyNamed(
  () => import('../features/parent-account/parent-sign-up-page'),
  'ParentSignUpPage',
);
const ParentPasswordPage = lazyNamed(
  () => import('../features/parent-account/parent-password-page'),
  'ParentPasswordPage',
);
const ParentInvitePage = lazyNamed(
  () => import('../features/parents/parent-invite-page'),
  'ParentInvitePage',
);

/** The six steps as child routes of a record editor (the student's own, or staff editing a student). */
const stepRoutes = (firstStep: string): RouteObject[] => [
  { index: true, element: <Navigate to={firstStep} replace /> },
  ...(Object.keys(steps) as StepKey[]).map((key) => {
    const Step = steps[key];
    // The first step offers the form classes (a family's; staff open a record from the table, read already).
    const handle = key === 'studentData' ? familyData(() => [apiPaths.formClasses]) : undefined;
    return { path: STEP_SEGMENTS[key], element: <Step />, handle };
  }),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <VisitorOnly />,
        children: [
          { path: paths.signIn, element: <StudentSignInPage /> },
          { path: paths.adminSignIn, element: <StaffSignInPage /> },
          { path: paths.parent.signUp, element: <ParentSignUpPage /> },
        ],
      },
      // An e-mailed link opens these whether or not someone is signed in on this browser (D52).
      { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
      { path: paths.staffForgotPassword, element: <StaffForgotPasswordPage /> },
      { path: paths.resetPassword, element: <ResetPasswordPage /> },
      { path: paths.confirmEmail, element: <ConfirmEmailPage /> },
      { path: paths.unsubscribe, element: <UnsubscribePage /> },
      { path: paths.parent.invite, element: <ParentInvitePage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.logout, element: <LogoutPage /> },
          {
            element: <RequireStaff />,
            children: [
              {
                element: <StaffLayout />,
                children: [
                  ...staffPanels.map(({ path, Screen, adminRoleOnly, early }) => ({
                    path,
                    handle: early,
                    element: adminRoleOnly ? (
                      <RequireAdminRole>
                        <Screen />
                      </RequireAdminRole>
                    ) : (
                      <Screen />
                    ),
                  })),
                  { path: paths.admin.changePassword, element: <StaffChangePasswordPage /> },
                  { path: paths.admin.signInSecurity, element: <SecurityPage /> },
                  {
                    path: paths.admin.studentRecordPattern,
                    element: <StudentRecordPage />,
                    children: stepRoutes(STEP_SEGMENTS.studentData),
                  },
                  { path: paths.admin.studentDocumentsPattern, element: <StudentDocumentsPage /> },
                  { path: paths.admin.studentHistoryPattern, element: <StudentHistoryPage /> },
                  { path: paths.admin.studentTermReportsPattern, element: <StudentReportCardsPage /> },
                ],
              },
            ],
          },
          {
            element: <StudentLayout />,
            children: [
              { path: paths.dashboard, element: <DashboardPage /> },
              {
                path: paths.termReports,
                element: <ReportCardsPage />,
                handle: familyData((studentId) => [apiPaths.reportCardTerms(studentId)]),
              },
              {
                path: paths.registration.root,
                element: <RegistrationLayout />,
                // The record every step shows.
                handle: familyData((studentId) => [apiPaths.student(studentId)]),
                children: stepRoutes(paths.registration.step('studentData')),
              },
              { path: paths.registration.changePassword, element: <ChangePasswordPage /> },
              { path: paths.emailAddresses, element: <EmailAddressesPage /> },
              { path: paths.parent.children, element: <ParentChildrenPage /> },
              { path: paths.parent.password, element: <ParentPasswordPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
