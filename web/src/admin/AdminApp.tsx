/** Every admin route, in one place. */
import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { RequireAuth } from './components/RequireAuth';
import { AccountPage } from './pages/AccountPage';
import { AdminNotFoundPage } from './pages/AdminNotFoundPage';
import { DashboardPage } from './pages/DashboardPage';
import { AboutPage } from './pages/content/AboutPage';
import { BlogPage } from './pages/content/BlogPage';
import { ContactPage } from './pages/content/ContactPage';
import { CoursesPage } from './pages/content/CoursesPage';
import { HomepagePage } from './pages/content/HomepagePage';
import { NewsPage } from './pages/content/NewsPage';
import { OpenCallsPage } from './pages/content/OpenCallsPage';
import { ProjectsPage } from './pages/content/ProjectsPage';
import { PublicationsPage } from './pages/content/PublicationsPage';
import { ResearchAreasPage } from './pages/content/ResearchAreasPage';
import { StudentsPage } from './pages/content/StudentsPage';
import { TagsPage } from './pages/content/TagsPage';
import { TalksPage } from './pages/content/TalksPage';
import { LoginPage } from './pages/LoginPage';
import { SettingsPage } from './pages/SettingsPage';
import { SetupPage } from './pages/SetupPage';

export function AdminApp() {
  return (
    <Routes>
      <Route path="/admin/login" element={<LoginPage />} />
      <Route path="/admin/setup" element={<SetupPage />} />
      {/* Everything else under /admin needs a signed-in owner. */}
      <Route path="/admin" element={<RequireAuth />}>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="homepage" element={<HomepagePage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="publications" element={<PublicationsPage />} />
          <Route path="projects" element={<ProjectsPage />} />
          <Route path="research-areas" element={<ResearchAreasPage />} />
          <Route path="students" element={<StudentsPage />} />
          <Route path="courses" element={<CoursesPage />} />
          <Route path="talks" element={<TalksPage />} />
          <Route path="news" element={<NewsPage />} />
          <Route path="blog" element={<BlogPage />} />
          <Route path="tags" element={<TagsPage />} />
          <Route path="open-calls" element={<OpenCallsPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<AdminNotFoundPage />} />
        </Route>
      </Route>
      {/* The server only serves this app under /admin; anything else is a stray URL. */}
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}
