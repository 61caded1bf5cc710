import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AdminSignInPage } from '../features/auth/admin-sign-in-page';
import { StudentSignInPage } from '../features/auth/student-sign-in-page';
import { RequireAdmin, RequireAuth, VisitorOnly } from './guards';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Loads a named export as its own chunk; only the sign-in screens are in the first download. */
function lazyNamed<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const StudentLayout = lazyNamed(() => import('./layout/student-layout'), 'StudentLayout');
const DashboardPage = lazyNamed(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const TermReportsPage = lazyNamed(
  () => import('../features/term-reports/term-reports-page'),
  'TermReportsPage',
);
const RegistrationLayout = lazyNamed(
  () => import('../features/registration/registration-layout'),
  'RegistrationLayout',
);
const StudentDataStep = lazyNamed(
  () => import('../features/registration/student-data-step'),
  'StudentDataStep',
);
const FamilyDataStep = lazyNamed(() => import('../features/registration/family-data-step'), 'FamilyDataStep');
const HealthDataStep = lazyNamed(() => import('../features/registration/health-data-step'), 'HealthDataStep');
const OtherDataStep = lazyNamed(() => import('../features/registration/other-data-step'), 'OtherDataStep');
const DocumentsStep = lazyNamed(() => import('../features/registration/documents-step'), 'DocumentsStep');
const CompleteStep = lazyNamed(() => import('../features/registration/complete-step'), 'CompleteStep');
const ChangePasswordPage = lazyNamed(
  () => import('../features/auth/change-password-page'),
  'ChangePasswordPage',
);
const LogoutPage = lazyNamed(() => import('../features/auth/logout-page'), 'LogoutPage');
const AdminPage = lazyNamed(() => import('../features/admin/admin-page'), 'AdminPage');

export const paths = {
  signIn: '/',
  adminSignIn: '/admin',
  adminDashboard: '/admin/dashboard',
  dashboard: '/dashboard',
  termReports: '/term-reports',
  registration: '/registration/student-data',
  changePassword: '/registration/change-password',
  logout: '/logout',
} as const;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <VisitorOnly />,
        children: [
          { path: paths.signIn, element: <StudentSignInPage /> },
          { path: paths.adminSignIn, element: <AdminSignInPage /> },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          { path: paths.logout, element: <LogoutPage /> },
          { element: <RequireAdmin />, children: [{ path: paths.adminDashboard, element: <AdminPage /> }] },
          {
            element: <StudentLayout />,
            children: [
              { path: paths.dashboard, element: <DashboardPage /> },
              { path: paths.termReports, element: <TermReportsPage /> },
              {
                path: '/registration',
                element: <RegistrationLayout />,
                children: [
                  { index: true, element: <Navigate to={paths.registration} replace /> },
                  { path: 'student-data', element: <StudentDataStep /> },
                  { path: 'family-data', element: <FamilyDataStep /> },
                  { path: 'health-data', element: <HealthDataStep /> },
                  { path: 'other-data', element: <OtherDataStep /> },
                  // Built next; until then a placeholder inside the same layout.
                  { path: 'documents', element: <DocumentsStep /> },
                  { path: 'complete', element: <CompleteStep /> },
                ],
              },
              { path: paths.changePassword, element: <ChangePasswordPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
