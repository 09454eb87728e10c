-- first
CREATE TABLE a (x);
