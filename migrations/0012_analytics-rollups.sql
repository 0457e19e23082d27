CREATE TABLE `shipment_created_stats` (
	`span` integer NOT NULL,
	`hour` integer NOT NULL,
	`status` text NOT NULL,
	`currency` text NOT NULL,
	`shipments` integer NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`span`, `hour`, `status`, `currency`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `shipment_delivery_stats` (
	`span` integer NOT NULL,
	`hour` integer NOT NULL,
	`delivered` integer NOT NULL,
	`with_estimate` integer NOT NULL,
	`on_time` integer NOT NULL,
	`business_days` integer NOT NULL,
	`picked_up` integer NOT NULL,
	`transit_days` integer NOT NULL,
	PRIMARY KEY(`span`, `hour`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `shipment_rating_stats` (
	`span` integer NOT NULL,
	`hour` integer NOT NULL,
	`ratings` integer NOT NULL,
	`score_sum` integer NOT NULL,
	PRIMARY KEY(`span`, `hour`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `shipment_route_stats` (
	`span` integer NOT NULL,
	`hour` integer NOT NULL,
	`origin` text NOT NULL,
	`destination` text NOT NULL,
	`currency` text NOT NULL,
	`shipments` integer NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`span`, `hour`, `origin`, `destination`, `currency`)
) WITHOUT ROWID;

--> statement-breakpoint
CREATE TABLE `shipment_currency_stats` (
	`span` integer NOT NULL,
	`hour` integer NOT NULL,
	`currency` text NOT NULL,
	`shipments` integer NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`span`, `hour`, `currency`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `shipment_destination_stats` (
	`span` integer NOT NULL,
	`hour` integer NOT NULL,
	`destination` text NOT NULL,
	`currency` text NOT NULL,
	`shipments` integer NOT NULL,
	`revenue` integer NOT NULL,
	PRIMARY KEY(`span`, `hour`, `destination`, `currency`)
) WITHOUT ROWID;

--> statement-breakpoint
-- Retention over long periods reads the customers in this index's order (no sort).
CREATE INDEX `shipments_customer_created` ON `shipments` (coalesce("user_id", lower("sender_email")),`created_at`,`user_id`,`sender_email`);
--> statement-breakpoint
-- Every shipment, delivery and rating counts once at each span. Only these triggers write the
-- rollups, in the statement that changes what they sum, so they always equal the tables
-- (decision 120). tracking_events is append-only: its rows go only with their shipment, whose
-- BEFORE DELETE trigger takes the delivery out while its history is still there. The pickup
-- statuses are PICKUP_STATUSES and the business days weekdaysBefore (app/domain).
CREATE TRIGGER shipments_stats_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO shipment_created_stats (span, hour, status, currency, shipments, revenue)
  SELECT column1, NEW.created_at / 3600000 / column1 * column1, NEW.status, NEW.currency, 1, NEW.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, status, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_route_stats (span, hour, origin, destination, currency, shipments, revenue)
  SELECT column1, NEW.created_at / 3600000 / column1 * column1, NEW.sender_country, NEW.recipient_country, NEW.currency, 1, NEW.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, origin, destination, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_destination_stats (span, hour, destination, currency, shipments, revenue)
  SELECT column1, NEW.created_at / 3600000 / column1 * column1, NEW.recipient_country, NEW.currency, 1, NEW.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, destination, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_currency_stats (span, hour, currency, shipments, revenue)
  SELECT column1, NEW.created_at / 3600000 / column1 * column1, NEW.currency, 1, NEW.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_delivery_stats (span, hour, delivered, with_estimate, on_time, business_days, picked_up, transit_days)
  SELECT column1, NEW.actual_delivery / 3600000 / column1 * column1, 1, (NEW.estimated_delivery IS NOT NULL),
    coalesce(NEW.actual_delivery / 86400000 <= NEW.estimated_delivery / 86400000, 0),
    max((5 * ((NEW.actual_delivery / 86400000 + 1) / 7) + min((NEW.actual_delivery / 86400000 + 1) % 7, 2) + max((NEW.actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * ((NEW.created_at / 86400000 + 1) / 7) + min((NEW.created_at / 86400000 + 1) % 7, 2) + max((NEW.created_at / 86400000 + 1) % 7 - 4, 0)), 0),
    ((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = NEW.id AND status IN ('picked_up', 'shipped', 'in_transit')) IS NOT NULL),
    coalesce(max((5 * ((NEW.actual_delivery / 86400000 + 1) / 7) + min((NEW.actual_delivery / 86400000 + 1) % 7, 2) + max((NEW.actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * (((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = NEW.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) / 7) + min(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = NEW.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) % 7, 2) + max(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = NEW.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) % 7 - 4, 0)), 0), 0)
  FROM (VALUES (1), (24), (384)) WHERE NEW.actual_delivery IS NOT NULL
  ON CONFLICT (span, hour) DO UPDATE SET delivered = delivered + excluded.delivered, with_estimate = with_estimate + excluded.with_estimate, on_time = on_time + excluded.on_time, business_days = business_days + excluded.business_days, picked_up = picked_up + excluded.picked_up, transit_days = transit_days + excluded.transit_days;
END;
--> statement-breakpoint
CREATE TRIGGER shipments_created_stats_update AFTER UPDATE OF status, currency, cost, created_at ON shipments
WHEN OLD.status IS NOT NEW.status OR OLD.currency IS NOT NEW.currency OR OLD.cost IS NOT NEW.cost OR OLD.created_at IS NOT NEW.created_at BEGIN
  INSERT INTO shipment_created_stats (span, hour, status, currency, shipments, revenue)
  SELECT column1, OLD.created_at / 3600000 / column1 * column1, OLD.status, OLD.currency, -1, -OLD.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, status, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_created_stats (span, hour, status, currency, shipments, revenue)
  SELECT column1, NEW.created_at / 3600000 / column1 * column1, NEW.status, NEW.currency, 1, NEW.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, status, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
END;
--> statement-breakpoint
CREATE TRIGGER shipments_route_stats_update AFTER UPDATE OF sender_country, recipient_country, currency, cost, created_at ON shipments
WHEN OLD.sender_country IS NOT NEW.sender_country OR OLD.recipient_country IS NOT NEW.recipient_country OR OLD.currency IS NOT NEW.currency OR OLD.cost IS NOT NEW.cost OR OLD.created_at IS NOT NEW.created_at BEGIN
  INSERT INTO shipment_route_stats (span, hour, origin, destination, currency, shipments, revenue)
  SELECT column1, OLD.created_at / 3600000 / column1 * column1, OLD.sender_country, OLD.recipient_country, OLD.currency, -1, -OLD.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, origin, destination, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_route_stats (span, hour, origin, destination, currency, shipments, revenue)
  SELECT column1, NEW.created_at / 3600000 / column1 * column1, NEW.sender_country, NEW.recipient_country, NEW.currency, 1, NEW.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, origin, destination, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
END;
--> statement-breakpoint
CREATE TRIGGER shipments_destination_stats_update AFTER UPDATE OF recipient_country, currency, cost, created_at ON shipments
WHEN OLD.recipient_country IS NOT NEW.recipient_country OR OLD.currency IS NOT NEW.currency OR OLD.cost IS NOT NEW.cost OR OLD.created_at IS NOT NEW.created_at BEGIN
  INSERT INTO shipment_destination_stats (span, hour, destination, currency, shipments, revenue)
  SELECT column1, OLD.created_at / 3600000 / column1 * column1, OLD.recipient_country, OLD.currency, -1, -OLD.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, destination, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_destination_stats (span, hour, destination, currency, shipments, revenue)
  SELECT column1, NEW.created_at / 3600000 / column1 * column1, NEW.recipient_country, NEW.currency, 1, NEW.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, destination, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
END;
--> statement-breakpoint
CREATE TRIGGER shipments_currency_stats_update AFTER UPDATE OF currency, cost, created_at ON shipments
WHEN OLD.currency IS NOT NEW.currency OR OLD.cost IS NOT NEW.cost OR OLD.created_at IS NOT NEW.created_at BEGIN
  INSERT INTO shipment_currency_stats (span, hour, currency, shipments, revenue)
  SELECT column1, OLD.created_at / 3600000 / column1 * column1, OLD.currency, -1, -OLD.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_currency_stats (span, hour, currency, shipments, revenue)
  SELECT column1, NEW.created_at / 3600000 / column1 * column1, NEW.currency, 1, NEW.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
END;
--> statement-breakpoint
CREATE TRIGGER shipments_delivery_stats_update AFTER UPDATE OF created_at, estimated_delivery, actual_delivery ON shipments
WHEN OLD.created_at IS NOT NEW.created_at OR OLD.estimated_delivery IS NOT NEW.estimated_delivery OR OLD.actual_delivery IS NOT NEW.actual_delivery BEGIN
  INSERT INTO shipment_delivery_stats (span, hour, delivered, with_estimate, on_time, business_days, picked_up, transit_days)
  SELECT column1, OLD.actual_delivery / 3600000 / column1 * column1, -1, -(OLD.estimated_delivery IS NOT NULL),
    -coalesce(OLD.actual_delivery / 86400000 <= OLD.estimated_delivery / 86400000, 0),
    -max((5 * ((OLD.actual_delivery / 86400000 + 1) / 7) + min((OLD.actual_delivery / 86400000 + 1) % 7, 2) + max((OLD.actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * ((OLD.created_at / 86400000 + 1) / 7) + min((OLD.created_at / 86400000 + 1) % 7, 2) + max((OLD.created_at / 86400000 + 1) % 7 - 4, 0)), 0),
    -((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = OLD.id AND status IN ('picked_up', 'shipped', 'in_transit')) IS NOT NULL),
    -coalesce(max((5 * ((OLD.actual_delivery / 86400000 + 1) / 7) + min((OLD.actual_delivery / 86400000 + 1) % 7, 2) + max((OLD.actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * (((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = OLD.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) / 7) + min(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = OLD.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) % 7, 2) + max(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = OLD.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) % 7 - 4, 0)), 0), 0)
  FROM (VALUES (1), (24), (384)) WHERE OLD.actual_delivery IS NOT NULL
  ON CONFLICT (span, hour) DO UPDATE SET delivered = delivered + excluded.delivered, with_estimate = with_estimate + excluded.with_estimate, on_time = on_time + excluded.on_time, business_days = business_days + excluded.business_days, picked_up = picked_up + excluded.picked_up, transit_days = transit_days + excluded.transit_days;
  INSERT INTO shipment_delivery_stats (span, hour, delivered, with_estimate, on_time, business_days, picked_up, transit_days)
  SELECT column1, NEW.actual_delivery / 3600000 / column1 * column1, 1, (NEW.estimated_delivery IS NOT NULL),
    coalesce(NEW.actual_delivery / 86400000 <= NEW.estimated_delivery / 86400000, 0),
    max((5 * ((NEW.actual_delivery / 86400000 + 1) / 7) + min((NEW.actual_delivery / 86400000 + 1) % 7, 2) + max((NEW.actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * ((NEW.created_at / 86400000 + 1) / 7) + min((NEW.created_at / 86400000 + 1) % 7, 2) + max((NEW.created_at / 86400000 + 1) % 7 - 4, 0)), 0),
    ((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = NEW.id AND status IN ('picked_up', 'shipped', 'in_transit')) IS NOT NULL),
    coalesce(max((5 * ((NEW.actual_delivery / 86400000 + 1) / 7) + min((NEW.actual_delivery / 86400000 + 1) % 7, 2) + max((NEW.actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * (((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = NEW.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) / 7) + min(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = NEW.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) % 7, 2) + max(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = NEW.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) % 7 - 4, 0)), 0), 0)
  FROM (VALUES (1), (24), (384)) WHERE NEW.actual_delivery IS NOT NULL
  ON CONFLICT (span, hour) DO UPDATE SET delivered = delivered + excluded.delivered, with_estimate = with_estimate + excluded.with_estimate, on_time = on_time + excluded.on_time, business_days = business_days + excluded.business_days, picked_up = picked_up + excluded.picked_up, transit_days = transit_days + excluded.transit_days;
END;
--> statement-breakpoint
CREATE TRIGGER shipments_stats_delete BEFORE DELETE ON shipments BEGIN
  INSERT INTO shipment_created_stats (span, hour, status, currency, shipments, revenue)
  SELECT column1, OLD.created_at / 3600000 / column1 * column1, OLD.status, OLD.currency, -1, -OLD.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, status, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_route_stats (span, hour, origin, destination, currency, shipments, revenue)
  SELECT column1, OLD.created_at / 3600000 / column1 * column1, OLD.sender_country, OLD.recipient_country, OLD.currency, -1, -OLD.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, origin, destination, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_destination_stats (span, hour, destination, currency, shipments, revenue)
  SELECT column1, OLD.created_at / 3600000 / column1 * column1, OLD.recipient_country, OLD.currency, -1, -OLD.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, destination, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_currency_stats (span, hour, currency, shipments, revenue)
  SELECT column1, OLD.created_at / 3600000 / column1 * column1, OLD.currency, -1, -OLD.cost FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour, currency) DO UPDATE SET shipments = shipments + excluded.shipments, revenue = revenue + excluded.revenue;
  INSERT INTO shipment_delivery_stats (span, hour, delivered, with_estimate, on_time, business_days, picked_up, transit_days)
  SELECT column1, OLD.actual_delivery / 3600000 / column1 * column1, -1, -(OLD.estimated_delivery IS NOT NULL),
    -coalesce(OLD.actual_delivery / 86400000 <= OLD.estimated_delivery / 86400000, 0),
    -max((5 * ((OLD.actual_delivery / 86400000 + 1) / 7) + min((OLD.actual_delivery / 86400000 + 1) % 7, 2) + max((OLD.actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * ((OLD.created_at / 86400000 + 1) / 7) + min((OLD.created_at / 86400000 + 1) % 7, 2) + max((OLD.created_at / 86400000 + 1) % 7 - 4, 0)), 0),
    -((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = OLD.id AND status IN ('picked_up', 'shipped', 'in_transit')) IS NOT NULL),
    -coalesce(max((5 * ((OLD.actual_delivery / 86400000 + 1) / 7) + min((OLD.actual_delivery / 86400000 + 1) % 7, 2) + max((OLD.actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * (((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = OLD.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) / 7) + min(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = OLD.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) % 7, 2) + max(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = OLD.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) % 7 - 4, 0)), 0), 0)
  FROM (VALUES (1), (24), (384)) WHERE OLD.actual_delivery IS NOT NULL
  ON CONFLICT (span, hour) DO UPDATE SET delivered = delivered + excluded.delivered, with_estimate = with_estimate + excluded.with_estimate, on_time = on_time + excluded.on_time, business_days = business_days + excluded.business_days, picked_up = picked_up + excluded.picked_up, transit_days = transit_days + excluded.transit_days;
END;
--> statement-breakpoint
-- A pickup scan of a delivered shipment may start its transit earlier: the difference.
CREATE TRIGGER tracking_events_pickup_insert AFTER INSERT ON tracking_events
WHEN NEW.status IN ('picked_up', 'shipped', 'in_transit') BEGIN
  INSERT INTO shipment_delivery_stats (span, hour, delivered, with_estimate, on_time, business_days, picked_up, transit_days)
  SELECT column1, s.actual_delivery / 3600000 / column1 * column1, 0, 0, 0, 0,
    ((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = s.id AND status IN ('picked_up', 'shipped', 'in_transit')) IS NOT NULL) - ((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = s.id AND status IN ('picked_up', 'shipped', 'in_transit') AND id IS NOT NEW.id) IS NOT NULL),
    coalesce(max((5 * ((s.actual_delivery / 86400000 + 1) / 7) + min((s.actual_delivery / 86400000 + 1) % 7, 2) + max((s.actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * (((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = s.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) / 7) + min(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = s.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) % 7, 2) + max(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = s.id AND status IN ('picked_up', 'shipped', 'in_transit')) / 86400000 + 1) % 7 - 4, 0)), 0), 0) - coalesce(max((5 * ((s.actual_delivery / 86400000 + 1) / 7) + min((s.actual_delivery / 86400000 + 1) % 7, 2) + max((s.actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * (((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = s.id AND status IN ('picked_up', 'shipped', 'in_transit') AND id IS NOT NEW.id) / 86400000 + 1) / 7) + min(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = s.id AND status IN ('picked_up', 'shipped', 'in_transit') AND id IS NOT NEW.id) / 86400000 + 1) % 7, 2) + max(((SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = s.id AND status IN ('picked_up', 'shipped', 'in_transit') AND id IS NOT NEW.id) / 86400000 + 1) % 7 - 4, 0)), 0), 0)
  FROM shipments s, (VALUES (1), (24), (384)) WHERE s.id = NEW.shipment_id AND s.actual_delivery IS NOT NULL
  ON CONFLICT (span, hour) DO UPDATE SET delivered = delivered + excluded.delivered, with_estimate = with_estimate + excluded.with_estimate, on_time = on_time + excluded.on_time, business_days = business_days + excluded.business_days, picked_up = picked_up + excluded.picked_up, transit_days = transit_days + excluded.transit_days;
END;
--> statement-breakpoint
CREATE TRIGGER shipment_ratings_stats_insert AFTER INSERT ON shipment_ratings BEGIN
  INSERT INTO shipment_rating_stats (span, hour, ratings, score_sum)
  SELECT column1, NEW.created_at / 3600000 / column1 * column1, 1, NEW.score FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour) DO UPDATE SET ratings = ratings + excluded.ratings, score_sum = score_sum + excluded.score_sum;
END;
--> statement-breakpoint
CREATE TRIGGER shipment_ratings_stats_update AFTER UPDATE OF score, created_at ON shipment_ratings
WHEN OLD.score IS NOT NEW.score OR OLD.created_at IS NOT NEW.created_at BEGIN
  INSERT INTO shipment_rating_stats (span, hour, ratings, score_sum)
  SELECT column1, OLD.created_at / 3600000 / column1 * column1, -1, -OLD.score FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour) DO UPDATE SET ratings = ratings + excluded.ratings, score_sum = score_sum + excluded.score_sum;
  INSERT INTO shipment_rating_stats (span, hour, ratings, score_sum)
  SELECT column1, NEW.created_at / 3600000 / column1 * column1, 1, NEW.score FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour) DO UPDATE SET ratings = ratings + excluded.ratings, score_sum = score_sum + excluded.score_sum;
END;
--> statement-breakpoint
-- Also when the shipment's delete cascades to its rating.
CREATE TRIGGER shipment_ratings_stats_delete AFTER DELETE ON shipment_ratings BEGIN
  INSERT INTO shipment_rating_stats (span, hour, ratings, score_sum)
  SELECT column1, OLD.created_at / 3600000 / column1 * column1, -1, -OLD.score FROM (VALUES (1), (24), (384)) WHERE true
  ON CONFLICT (span, hour) DO UPDATE SET ratings = ratings + excluded.ratings, score_sum = score_sum + excluded.score_sum;
END;
--> statement-breakpoint
-- The rows there already.
INSERT INTO shipment_created_stats (span, hour, status, currency, shipments, revenue)
SELECT column1, created_at / 3600000 / column1 * column1 AS piece, status, currency, count(*), sum(cost) FROM shipments, (VALUES (1), (24), (384)) WHERE true
GROUP BY column1, piece, status, currency;
--> statement-breakpoint
INSERT INTO shipment_route_stats (span, hour, origin, destination, currency, shipments, revenue)
SELECT column1, created_at / 3600000 / column1 * column1 AS piece, sender_country, recipient_country, currency, count(*), sum(cost) FROM shipments, (VALUES (1), (24), (384)) WHERE true
GROUP BY column1, piece, sender_country, recipient_country, currency;
--> statement-breakpoint
INSERT INTO shipment_destination_stats (span, hour, destination, currency, shipments, revenue)
SELECT column1, created_at / 3600000 / column1 * column1 AS piece, recipient_country, currency, count(*), sum(cost) FROM shipments, (VALUES (1), (24), (384)) WHERE true
GROUP BY column1, piece, recipient_country, currency;
--> statement-breakpoint
INSERT INTO shipment_currency_stats (span, hour, currency, shipments, revenue)
SELECT column1, created_at / 3600000 / column1 * column1 AS piece, currency, count(*), sum(cost) FROM shipments, (VALUES (1), (24), (384)) WHERE true
GROUP BY column1, piece, currency;
--> statement-breakpoint
INSERT INTO shipment_delivery_stats (span, hour, delivered, with_estimate, on_time, business_days, picked_up, transit_days)
SELECT column1, actual_delivery / 3600000 / column1 * column1 AS piece, count(*), count(estimated_delivery),
  coalesce(sum(actual_delivery / 86400000 <= estimated_delivery / 86400000), 0),
  coalesce(sum(max((5 * ((actual_delivery / 86400000 + 1) / 7) + min((actual_delivery / 86400000 + 1) % 7, 2) + max((actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * ((created_at / 86400000 + 1) / 7) + min((created_at / 86400000 + 1) % 7, 2) + max((created_at / 86400000 + 1) % 7 - 4, 0)), 0)), 0),
  count(picked_up_at),
  coalesce(sum(max((5 * ((actual_delivery / 86400000 + 1) / 7) + min((actual_delivery / 86400000 + 1) % 7, 2) + max((actual_delivery / 86400000 + 1) % 7 - 4, 0)) - (5 * ((picked_up_at / 86400000 + 1) / 7) + min((picked_up_at / 86400000 + 1) % 7, 2) + max((picked_up_at / 86400000 + 1) % 7 - 4, 0)), 0)), 0)
FROM (SELECT created_at, estimated_delivery, actual_delivery, (SELECT min(occurred_at) FROM tracking_events WHERE shipment_id = shipments.id AND status IN ('picked_up', 'shipped', 'in_transit')) AS picked_up_at FROM shipments WHERE actual_delivery IS NOT NULL LIMIT -1), (VALUES (1), (24), (384))
WHERE true GROUP BY column1, piece;
--> statement-breakpoint
INSERT INTO shipment_rating_stats (span, hour, ratings, score_sum)
SELECT column1, created_at / 3600000 / column1 * column1 AS piece, count(*), sum(score) FROM shipment_ratings, (VALUES (1), (24), (384)) WHERE true
GROUP BY column1, piece;
