-- Drafts are bounded now (docs/decisions/021): the app never writes one over 64 KiB. A draft
-- stored before, larger than that, holds values no field takes; it is dropped, and its owner
-- starts the form afresh.
DELETE FROM `shipment_drafts` WHERE length(CAST(`data` AS BLOB)) > 65536;
