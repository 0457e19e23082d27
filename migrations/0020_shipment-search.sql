CREATE TABLE `shipment_search_text` (
	`id` integer PRIMARY KEY NOT NULL,
	`shipment_id` text NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shipment_search_text_shipment_id_unique` ON `shipment_search_text` (`shipment_id`);
--> statement-breakpoint
-- An admin's search finds names, e-mails and cities through shipment_search: an FTS5 index
-- with the trigram tokenizer, so that any part of three characters or more is looked up in the
-- index (LIKE '%text%' included). Its content is shipment_search_text, kept by the triggers
-- below in the statement that changes a shipment, like the analytics rollups.
CREATE VIRTUAL TABLE shipment_search USING fts5(shipment_id UNINDEXED, body, content='shipment_search_text', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER shipments_search_insert AFTER INSERT ON shipments BEGIN
  INSERT INTO shipment_search_text (shipment_id, body) VALUES (NEW.id, NEW.sender_name || char(10) || ifnull(NEW.sender_email, '') || char(10) || NEW.sender_city || char(10) || NEW.recipient_name || char(10) || ifnull(NEW.recipient_email, '') || char(10) || NEW.recipient_city);
  INSERT INTO shipment_search (rowid, shipment_id, body) SELECT id, shipment_id, body FROM shipment_search_text WHERE shipment_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER shipments_search_delete AFTER DELETE ON shipments BEGIN
  INSERT INTO shipment_search (shipment_search, rowid, shipment_id, body) SELECT 'delete', id, shipment_id, body FROM shipment_search_text WHERE shipment_id = OLD.id;
  DELETE FROM shipment_search_text WHERE shipment_id = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER shipments_search_update AFTER UPDATE OF sender_name, sender_email, sender_city, recipient_name, recipient_email, recipient_city ON shipments
WHEN (OLD.sender_name || char(10) || ifnull(OLD.sender_email, '') || char(10) || OLD.sender_city || char(10) || OLD.recipient_name || char(10) || ifnull(OLD.recipient_email, '') || char(10) || OLD.recipient_city) IS NOT (NEW.sender_name || char(10) || ifnull(NEW.sender_email, '') || char(10) || NEW.sender_city || char(10) || NEW.recipient_name || char(10) || ifnull(NEW.recipient_email, '') || char(10) || NEW.recipient_city) BEGIN
  INSERT INTO shipment_search (shipment_search, rowid, shipment_id, body) SELECT 'delete', id, shipment_id, body FROM shipment_search_text WHERE shipment_id = OLD.id;
  UPDATE shipment_search_text SET body = NEW.sender_name || char(10) || ifnull(NEW.sender_email, '') || char(10) || NEW.sender_city || char(10) || NEW.recipient_name || char(10) || ifnull(NEW.recipient_email, '') || char(10) || NEW.recipient_city WHERE shipment_id = OLD.id;
  INSERT INTO shipment_search (rowid, shipment_id, body) SELECT id, shipment_id, body FROM shipment_search_text WHERE shipment_id = NEW.id;
END;
--> statement-breakpoint
INSERT INTO shipment_search_text (shipment_id, body) SELECT id, shipments.sender_name || char(10) || ifnull(shipments.sender_email, '') || char(10) || shipments.sender_city || char(10) || shipments.recipient_name || char(10) || ifnull(shipments.recipient_email, '') || char(10) || shipments.recipient_city FROM shipments;
--> statement-breakpoint
INSERT INTO shipment_search (shipment_search) VALUES ('rebuild');
