-- Invoice numbers INV{YYYY}-{NNNNN}: one sequence for all years, so a number is never reused (not even
-- after its order is deleted); nextval runs in the transaction that writes the invoice row.
CREATE SEQUENCE IF NOT EXISTS invoice_number_seq START WITH 1 INCREMENT BY 1 NO CYCLE;
