-- needs b: proves 10 runs after 2
CREATE TABLE c (z);
INSERT INTO c SELECT count (*) FROM b;
