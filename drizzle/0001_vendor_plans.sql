-- The plans offered on the vendor application's Payment step. Reference data that every database
-- needs (a production PostgreSQL is never seeded with demo data); staff change them in /admin/.
INSERT INTO "plans" ("name", "price", "frequency", "description", "sort_order") VALUES
	('Monthly', 49.00, 'monthly', 'See and bid on open jobs in your trades, receive invitations from property managers, and message them about each job. Cancel any time.', 1),
	('Yearly', 490.00, 'yearly', 'Everything in Monthly, billed once a year: two months free.', 2);
