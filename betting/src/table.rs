//! Across hands: button movement and blinds (B18-B20).
