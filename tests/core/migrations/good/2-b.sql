-- unpadded number: order is numeric
CREATE TABLE b (y);
