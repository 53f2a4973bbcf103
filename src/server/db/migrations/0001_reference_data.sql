-- Reference data the code depends on: roles (spec 1 §6) and the six chapter types (spec 1 §3).
-- Kept in sync with src/common/constants.ts; a test checks that they agree.
INSERT INTO "roles" ("id", "name") VALUES
  (1, 'Admin'),
  (2, 'Field Organizer'),
  (3, 'Chapter Host')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "chapter_types" ("id", "name", "hex_color", "mail_domain") VALUES
  (1, 'Drinking', '#1f5fa8', 'drinkingliberally.org'),
  (2, 'Screening', '#7a3e9d', 'screeningliberally.org'),
  (3, 'Living', '#2e7d32', 'livingliberally.org'),
  (4, 'Laughing', '#c75b00', 'laughingliberally.org'),
  (5, 'Dining', '#b71c1c', 'diningliberally.org'),
  (6, 'Reading', '#00695c', 'readingliberally.org')
ON CONFLICT ("id") DO NOTHING;
